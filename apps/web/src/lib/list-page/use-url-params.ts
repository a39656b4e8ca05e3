/**
 * Values a page keeps in the address beside (or instead of) a list, such as its open tab: declared
 * once with their types (params.ts), read with their defaults and written back without them.
 */
import { useMemo } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';
import { type ParamDefs, type ParamPatch, type ParamValues, readParams, writeParams } from './params';

export function useUrlParams<D extends ParamDefs>(defs: D, navigate?: NavigateOptions): [ParamValues<D>, (patch: ParamPatch<D>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address text is the state; defs is the page's constant
  const values = useMemo(() => readParams(new URLSearchParams(key), defs), [key]);
  return [values, (patch) => setParams((prev) => writeParams(prev, defs, patch), navigate)];
}
