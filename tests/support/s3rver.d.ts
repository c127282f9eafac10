// s3rver ships no types; the little the tests use of it.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  type BucketConfig = { name: string; configs?: (string | Buffer)[] };
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory?: string; configureBuckets?: BucketConfig[]; resetOnClose?: boolean; allowMismatchedSignatures?: boolean; vhostBuckets?: boolean });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
