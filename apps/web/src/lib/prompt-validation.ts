/** The check behind the confirmation prompt (SPEC.md section 5), kept pure for unit tests. */

/** The generic locale message of SPEC.md section 8. */
export const DEFAULT_PROMPT_ERROR = '输入的数据不合法!';

export interface PromptRules {
  /** The input must match; a string is compiled as a RegExp. */
  pattern?: RegExp | string;
  /** Returns false when the input is not acceptable. */
  validator?: (value: string) => boolean;
  /** Shown when either check fails; DEFAULT_PROMPT_ERROR otherwise. */
  errorMessage?: string;
}

/** The error to show, or null when the input may be confirmed. */
export function validatePromptInput(value: string, rules: PromptRules = {}): string | null {
  const { pattern, validator, errorMessage } = rules;
  if (pattern !== undefined) {
    const re = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
    // A /g or /y pattern remembers where it stopped; without this reset every other check would fail.
    re.lastIndex = 0;
    if (!re.test(value)) return errorMessage || DEFAULT_PROMPT_ERROR;
  }
  if (validator && !validator(value)) return errorMessage || DEFAULT_PROMPT_ERROR;
  return null;
}
