/**
 * The receiver of a dropship order at rest (docs/security.md 收货人数据): the write paths hand the
 * repository the plain receiver; what is stored is its masked display values, the sealed plain one
 * and its equality key (receiver-vault), with the phone's last four plain for search.
 */
import { phoneTail, plainReceiverOf, sealReceiverColumns } from '../../lib/receiver-vault/index.js';

export { plainReceiverOf };

export function sealedReceiverColumns(o: Parameters<typeof sealReceiverColumns>[0]) {
  return { receiverPhoneTail: phoneTail(o.receiverPhone), ...sealReceiverColumns(o) };
}
