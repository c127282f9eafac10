// A real S3-protocol server for the S3 media driver's tests (MEDIA.md "Storage": not a mock of
// the SDK): s3rver on a free loopback port, files in a temporary folder, one bucket whose CORS
// rules let a browser on any origin PUT to a presigned URL (as a real bucket must be set up for
// the dashboard's uploads, docs/media.md). It checks request signatures like S3 does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The variables that point a server at this store. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3Server(bucket = "inkbase-media"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "inkbase-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [CORS] }], vhostBuckets: false });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      // s3rver's fixed credentials; it verifies signatures made with them.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    },
    async stop() {
      await server.close().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
