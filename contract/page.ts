import { z } from "./zod";

/** A page of a list, as every paged endpoint answers it: `{records, total, size, current, pages}`. */
export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int().nonnegative(),
    size: z.number().int().positive(),
    current: z.number().int().positive(),
    pages: z.number().int().nonnegative(),
  });
export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** The page envelope around records already fetched. */
export const pageOf = <T>(records: T[], total: number, size: number, current: number): Page<T> => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});

/** The rows a 1-based page covers, for LIMIT/OFFSET. */
export const pageWindow = (current: number, size: number) => ({ limit: size, offset: (current - 1) * size });
