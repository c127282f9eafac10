// Dashboard pages read through the same lib functions as the API; their 404 ApiErrors
// ("Collection not found", "Webhook not found", ...) become the dashboard's not-found page.
import { notFound } from "next/navigation";
import { ApiError } from "./api-error";

export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}
