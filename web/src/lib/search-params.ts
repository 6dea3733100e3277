import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { z } from '@urs/sync-protocol';

/*
 * How the app's URLs carry search params: plain `?q=sapu&page=2`, never JSON (`?q=%22sapu%22`),
 * so shared links stay readable and the ones already printed (QR posters) keep working. Each
 * route checks its params with a zod schema beside its feature, built from the pieces below.
 */
export const parseSearch = parseSearchWith((value) => value);
export const stringifySearch = stringifySearchWith(String);

/**
 * A param as text. The router reads `?q=12` as the number 12 and `?x=true` as true; as text they
 * are "12" and "true" again, exactly as typed.
 */
export const searchText = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/** `?page=`: a whole number from 1; anything else (a typo in a shared link) is page 1. */
export const searchPage = z.coerce.number().int().min(1).catch(1);

/** Parses a query string the way the router does, through a route's schema (for tests). */
export function parseSearchString<T>(schema: z.ZodType<T>, search: string): T {
  return schema.parse(parseSearch(search));
}
