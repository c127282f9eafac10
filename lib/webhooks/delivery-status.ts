// A delivery's state (pending, succeeded, failed), as the database's DeliveryStatus enum defines
// it: the API's response schemas, the log's status filter and the dashboard all take it from here.
import { z } from "zod";
import { DeliveryStatus as DeliveryStatusEnum } from "../generated/prisma/enums";

export const deliveryStatusSchema = z.enum(DeliveryStatusEnum);

export type DeliveryStatus = z.output<typeof deliveryStatusSchema>;
