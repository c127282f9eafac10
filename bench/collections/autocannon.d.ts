// The slice of autocannon's programmatic API the collections bench uses (the package ships no types).
declare module "autocannon" {
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: { method?: string; path?: string; setupRequest?: (req: RawRequest) => RawRequest }[];
  };
  type Histogram = { average: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
