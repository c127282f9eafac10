import { env } from "../env";
import { invalidInput } from "../http/api-error";
import { vetWebhookTarget, WebhookTargetError } from "./vet-webhook-target";

/** The SSRF guard at subscription time: a refused URL is a 400 on the `url` field. */
export async function checkWebhookUrl(url: string): Promise<void> {
  try {
    await vetWebhookTarget(url, { allowPrivate: env.webhookAllowPrivateTargets });
  } catch (err) {
    if (err instanceof WebhookTargetError) throw invalidInput([{ path: ["url"], message: err.message }]);
    throw err;
  }
}
