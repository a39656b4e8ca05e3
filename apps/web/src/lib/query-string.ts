/**
 * The page's query strings (SPEC.md section 9 limits: arrays up to 20, nesting 5 deep, 1000
 * parameters) so a hand-edited or hostile URL cannot make list-page state huge or slow to parse.
 */
import { QUERY_STRING_LIMITS } from '@dropship/contract';
import qs from 'qs';

export type ParsedQuery = qs.ParsedQs;

/** Accepts location.search with or without the leading '?'. */
export function parseQuery(search: string): ParsedQuery {
  return qs.parse(search, { ...QUERY_STRING_LIMITS, ignoreQueryPrefix: true });
}

/**
 * No leading '?'. Empty values (null, undefined) are left out so cleared filters leave the URL;
 * arrays as a[]=x so that parseQuery gives back an array even for a single item.
 */
export function stringifyQuery(obj: Record<string, unknown>): string {
  return qs.stringify(obj, { arrayFormat: 'brackets', skipNulls: true, encodeValuesOnly: true });
}
