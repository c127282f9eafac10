// pglite-socket (0.2.17) feeds PGlite one protocol message at a time from a queue shared by all
// connections, and only keeps a connection's messages together while PGlite is inside a
// transaction. PGlite is a single session, so when connection A's Parse/Bind/Execute and
// connection B's interleave, B's Bind lands on A's unnamed statement ("bind message supplies 3
// parameters, but prepared statement "" requires 2") or a query answers with nothing: under
// concurrent requests a key lookup came back empty and gave 401s. This replaces the queue's
// scheduler on the server instance so that a connection that has started an extended-protocol
// sequence keeps the session until its Sync, as a real server's per-connection backend would.
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { PGlite } from "@electric-sql/pglite";

type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
  onData: (data: Uint8Array) => void;
};

type QueryQueue = {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
};

// Parse, Bind, Describe, Execute, Close, Flush: the session's unnamed statement and portal are
// in use until the Sync ('S') that ends the sequence.
const SEQUENCE_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

export function queueBySync(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  let midSequence = false;

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const sticky = this.lastHandlerId !== null && (midSequence || this.db.isInTransaction());
        const index = sticky ? this.queue.findIndex((item) => item.handlerId === this.lastHandlerId) : 0;
        // The connection holding the session has not sent its next message yet: wait for it
        // (its enqueue calls processQueue again).
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          midSequence = false;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        midSequence = SEQUENCE_MESSAGES.has(item.message[0]);
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  // A connection that goes away mid-sequence must not keep the session from everyone else.
  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clearQueueForHandler(handlerId);
    if (queue.lastHandlerId === handlerId && !queue.db.isInTransaction()) {
      midSequence = false;
      queue.lastHandlerId = null;
      void queue.processQueue();
    }
  };
}
