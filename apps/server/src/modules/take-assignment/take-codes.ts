/**
 * Pick-up codes (拿货码): 12 digits, printed as a CODE128 barcode (even digit count packs as
 * code set C) and typed by hand when a label is torn. 11 digits come from a sequence scrambled
 * by a bijection mod 10^11 (unique, yet neighbouring orders do not get neighbouring codes), the
 * 12th is a Luhn check digit so one mistyped digit is caught at the scanner.
 */
const SPACE = 100_000_000_000n;
// Odd and not a multiple of 5: coprime with 10^11, so n → (n·A + B) mod 10^11 is a bijection.
const A = 7_919_000_003n;
const B = 12_345_678_901n;

export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function takeCodeOf(seq: number | bigint): string {
  const body = ((BigInt(seq) * A + B) % SPACE).toString().padStart(11, '0');
  return `${body}${luhnDigit(body)}`;
}

export function isValidTakeCode(code: string): boolean {
  return /^\d{12}$/.test(code) && luhnDigit(code.slice(0, 11)) === Number(code[11]);
}
