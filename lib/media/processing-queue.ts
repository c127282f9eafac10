// At most PROCESSING_SLOTS images are decoded and encoded at once per server process; the rest
// wait their turn. Each run holds one image's decoded tiles and outputs (well under 100 MB for
// 12 megapixels, bench/media), so ten uploads at once cannot exhaust memory: they queue.
const PROCESSING_SLOTS = 2;

type Queue = { running: number; waiting: (() => void)[] };
const holder = globalThis as unknown as { inkbaseMediaQueue?: Queue };

export async function inProcessingQueue<T>(work: () => Promise<T>): Promise<T> {
  const queue = (holder.inkbaseMediaQueue ??= { running: 0, waiting: [] });
  if (queue.running >= PROCESSING_SLOTS) await new Promise<void>((resolve) => queue.waiting.push(resolve));
  else queue.running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = queue.waiting.shift();
    if (next) next();
    else queue.running--;
  }
}
