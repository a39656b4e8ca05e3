/** What the Kuaishou client reads back for a stored order or refund (the emulator's view), and the receiver it sends. */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { KS_STATUS_OF, ksRefundCodeOf, ksRefundState, ksStatusToOurs } from './codes.ts';
import { desensitiseAddress, desensitiseMobile, desensitiseName } from './mask.ts';
import { type KsAddressWire, ksDecryptHandle } from './wire.ts';

/** The receiver as the gateway sends it: plain fields empty, ciphertext plus a desensitised copy. */
export function ksAddress(o: NormalizedOrder, core: ChannelCore): KsAddressWire {
  const r = o.receiver;
  return {
    consignee: '',
    mobile: '',
    province: r.province,
    city: r.city,
    district: r.district,
    town: r.town ?? '',
    address: '',
    encryptedConsignee: core.encrypt(r.name),
    encryptedMobile: core.encrypt(r.phone),
    encryptedAddress: core.encrypt(r.address),
    desensitiseConsignee: desensitiseName(r.name),
    desensitiseMobile: desensitiseMobile(r.phone),
    desensitiseAddress: desensitiseAddress(r.address),
  };
}

/** What the client reads: one line (the first), Kuaishou codes, no seller flag, no goods-level outer code. */
export function ksView(o: NormalizedOrder, core: ChannelCore): NormalizedOrder {
  const line = o.items[0];
  if (!line) return o;
  const code = KS_STATUS_OF[o.status];
  const addr = ksAddress(o, core);
  return {
    platformOrderId: o.platformOrderId,
    status: ksStatusToOurs(code),
    platformStatus: String(code),
    buyerNick: o.buyerNick,
    receiver: {
      name: addr.desensitiseConsignee,
      phone: addr.desensitiseMobile,
      province: addr.province,
      city: addr.city,
      district: addr.district,
      town: o.receiver.town,
      address: addr.desensitiseAddress,
      encrypted: true,
      decryptHandle: ksDecryptHandle(addr),
    },
    buyerRemark: o.buyerRemark,
    sellerRemark: o.sellerRemark,
    totalFen: line.priceFen * line.quantity,
    postFeeFen: o.postFeeFen,
    paymentFen: line.paymentFen + o.postFeeFen,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    modifiedAt: o.modifiedAt,
    items: [
      {
        platformItemId: o.platformOrderId,
        itemId: line.itemId,
        skuId: line.skuId,
        title: line.title,
        spec: line.spec,
        outerSkuCode: line.outerSkuCode,
        picUrl: line.picUrl,
        quantity: line.quantity,
        priceFen: line.priceFen,
        paymentFen: line.paymentFen,
        refundState: line.refundState,
      },
    ],
  };
}

export function ksViewRefund(r: NormalizedRefund): NormalizedRefund {
  const code = ksRefundCodeOf(r.platformStatus, r.state);
  return { ...r, platformItemId: r.platformOrderId, platformStatus: String(code), state: ksRefundState(code) };
}
