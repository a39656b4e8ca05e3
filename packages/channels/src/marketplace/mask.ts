/**
 * How the platforms print receiver fields they will not give in clear (the emulators use these;
 * the clients take whatever the platform sends). The shapes follow what sellers see in each
 * back-office: surname kept, phone tail kept, street head kept.
 */

/** "张小芳" → "张**". */
export const maskSurname = (name: string) => (name ? `${Array.from(name)[0]}${'*'.repeat(Math.max(1, Array.from(name).length - 1))}` : '');

/** "13812345678" → "*******5678". */
export const maskPhoneTail = (phone: string) => (phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : phone);

/** "13812345678" → "138****5678". */
export const maskPhoneMiddle = (phone: string) => (phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

/** "文三路128号阳光花园3幢…" → "文三路***". */
export const maskAddress = (address: string) => {
  const chars = Array.from(address);
  return chars.length <= 3 ? '***' : `${chars.slice(0, 3).join('')}***`;
};
