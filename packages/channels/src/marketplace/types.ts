/**
 * The one shape every marketplace and ERP client answers in, so the server's shop sync never
 * branches on the channel: each client signs, pages and maps its platform's fields into these
 * (packages/channels/src/<channel>/), and each emulator speaks that platform's own protocol.
 */

export type MarketplaceChannel = 'TAOBAO' | 'JD' | 'PDD' | 'TIKTOK' | 'WEIDIAN' | 'KUAISHOU' | 'REDBOOK' | 'KM' | 'WDT';

/** Where a shop's client talks to and with which app credentials: configuration, never code. */
export interface ChannelEndpoint {
  /** The API gateway, e.g. https://eco.taobao.com/router/rest or the local emulator's. */
  gatewayUrl: string;
  /** OAuth authorize/token base (platforms with OAuth); ERPs leave it undefined. */
  oauthUrl?: string;
  appKey: string;
  appSecret: string;
  /**
   * Platform-specific settings that are configuration too (added by channels A): e.g. Douyin's
   * `serviceId` (服务市场 service id for the consent page), WDT's `sid` (seller account).
   */
  extra?: Record<string, string>;
}

/** What a completed authorization (or a refresh) gives us about the shop. */
export interface ShopToken {
  accessToken: string;
  refreshToken?: string;
  /** When the access token stops working. */
  expiresAt: Date;
  /** When the refresh token stops working (undefined: refresh not offered by the platform). */
  refreshExpiresAt?: Date;
  platformShopId: string;
  shopName: string;
}

/** Our normalized shop-order status; the platform's own code is kept in platformStatus. */
export type ShopOrderStatus = 'WAIT_BUYER_PAY' | 'WAIT_SELLER_SEND' | 'SELLER_CONSIGNED_PART' | 'WAIT_BUYER_CONFIRM' | 'FINISHED' | 'CLOSED';

/** Refund state of one line (or the order, as the worst of its lines). */
export type ShopRefundState = 'NONE' | 'REFUNDING' | 'REFUNDED' | 'CLOSED';

export interface NormalizedOrderItem {
  /** The platform's sub-order id (oid); unique within the order. */
  platformItemId: string;
  /** The platform's goods id (num_iid / goods_id / product_id). */
  itemId: string;
  skuId?: string;
  title: string;
  /** Spec text as the buyer saw it, e.g. "颜色:黑色;尺码:XL". */
  spec?: string;
  /** The seller's outer codes (商家编码): goods level and SKU level. */
  outerItemCode?: string;
  outerSkuCode?: string;
  picUrl?: string;
  quantity: number;
  priceFen: number;
  paymentFen: number;
  refundState: ShopRefundState;
}

export interface NormalizedReceiver {
  /** As the platform gave it: masked (张*) or decrypted; never invented. */
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  town?: string;
  /** The street address without province/city/district. */
  address: string;
  /** True when the platform sent the receiver encrypted/masked (oaid etc.). */
  encrypted: boolean;
  /** The platform's handle for decrypting later (Taobao oaid, PDD/Douyin cipher text), if any. */
  decryptHandle?: string;
}

export interface NormalizedOrder {
  platformOrderId: string;
  status: ShopOrderStatus;
  platformStatus: string;
  buyerNick: string;
  receiver: NormalizedReceiver;
  buyerRemark?: string;
  sellerRemark?: string;
  /** 1–5 flag colour where the platform has one (Taobao seller_flag). */
  sellerFlag?: number;
  totalFen: number;
  postFeeFen: number;
  paymentFen: number;
  createdAt: Date;
  paidAt?: Date;
  modifiedAt: Date;
  items: NormalizedOrderItem[];
}

export interface NormalizedRefund {
  platformRefundId: string;
  platformOrderId: string;
  /** The sub-order (line) it concerns, when the platform says. */
  platformItemId?: string;
  /** The platform's own status code, e.g. WAIT_SELLER_AGREE, SUCCESS. */
  platformStatus: string;
  state: ShopRefundState;
  refundFen: number;
  reason: string;
  hasGoodReturn: boolean;
  /** The buyer's return parcel, when the platform gives it (Taobao's sid / company_name; others: not read yet). */
  returnCourierName?: string;
  returnWaybillNo?: string;
  createdAt: Date;
  modifiedAt: Date;
}

export interface OrderWindowQuery {
  token: string;
  /** Inclusive start and exclusive end of the modified-time window; at most maxWindowMs apart. */
  modifiedFrom: Date;
  modifiedTo: Date;
}

export interface ShipNotice {
  token: string;
  platformOrderId: string;
  /** Lines shipped, when only some are (split shipping); all lines when undefined. */
  platformItemIds?: string[];
  /** Our courier code (e.g. ZTO, YTO, STO, YUNDA, SF, EMS, JTSD); the client maps it to the platform's. */
  courierCode: string;
  trackingNo: string;
}

/** Error kinds every platform's codes are mapped to. */
export type ChannelErrorKind = 'TOKEN_EXPIRED' | 'RATE_LIMITED' | 'INVALID_SIGNATURE' | 'SERVER_ERROR' | 'BAD_REQUEST' | 'NETWORK' | 'NOT_FOUND';

export class ChannelError extends Error {
  constructor(
    readonly kind: ChannelErrorKind,
    /** The platform's own code and message, for the shop's "last error". */
    readonly platformCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
  /** The platform says try again later (rate limit, 5xx, isp.*, network). */
  get retryable(): boolean {
    return this.kind === 'RATE_LIMITED' || this.kind === 'SERVER_ERROR' || this.kind === 'NETWORK';
  }
}

/** Why a receiver is decrypted: each platform asks (Taobao scene 1007 / 2001 / 2002) and may audit it. */
export type DecryptScene = 'DROPSHIP_SHIP' | 'AFTER_SALE' | 'CUSTOMER_CARE';

export interface DecryptRequest {
  token: string;
  scene: DecryptScene;
  /** The order and the receiver's decryptHandle as the client read it with the order. */
  items: { platformOrderId: string; handle: string }[];
}

/** A receiver in clear, as the platform decrypted it; region fields come with the order where the platform decrypts only name, phone and street. */
export interface PlainReceiver {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  town?: string;
  address: string;
}

export type DecryptFailureKind = 'TOKEN_EXPIRED' | 'RATE_LIMITED' | 'QUOTA_EXHAUSTED' | 'REFUSED' | 'NOT_FOUND' | 'BAD_DATA' | 'SERVER_ERROR' | 'NETWORK';

export type DecryptOutcome =
  /** virtualNumber: the phone is a platform privacy number (虚拟号), valid for shipping only. */
  | { platformOrderId: string; ok: true; receiver: PlainReceiver; virtualNumber?: boolean }
  /** message: Chinese, says what to do; retryable: the same request may succeed later (limits, 5xx, network). */
  | { platformOrderId: string; ok: false; kind: DecryptFailureKind; platformCode: string; message: string; retryable: boolean };

/**
 * The platform's answer to a seller's agree / refuse: never thrown, so the caller records it. kind: the
 * platform error's kind (TOKEN_EXPIRED: authorize again; NOT_FOUND: not this shop's refund); undefined
 * when the channel takes no answers at all or the request was refused before any call.
 */
export type RefundAnswerOutcome = { ok: true } | { ok: false; message: string; retryable: boolean; kind?: ChannelErrorKind };

export interface RefundAnswerRequest {
  token: string;
  platformRefundId: string;
  /** The refund's order as listRefunds read it: PDD's calls name the order (order_sn) beside the after-sale id. */
  platformOrderId?: string;
  agree: boolean;
  /** Required for a refusal (the platforms show it to the buyer). */
  reason?: string;
}

export interface MarketplaceClient {
  readonly channel: MarketplaceChannel;
  /** Longest modified-time window one list call may ask for (Taobao 1 day, PDD 30 min, …). */
  readonly maxWindowMs: number;
  /** 'oauth': the seller is redirected to the platform's consent page; 'appKey': ERPs, the seller types the ERP's keys. */
  readonly authKind: 'oauth' | 'appKey';
  /** The consent page address (oauth channels). */
  authorizeUrl(p: { redirectUri: string; state: string }): string;
  /** Code → token (oauth), or for appKey channels a check of the keys that answers the shop. */
  exchangeCode(p: { code: string; redirectUri: string }): Promise<ShopToken>;
  refresh(refreshToken: string): Promise<ShopToken>;
  /**
   * Every order modified in the window, page by page in the order the platform recommends
   * (backwards from the last page where it says so), retrying retryable errors with backoff.
   */
  listOrders(q: OrderWindowQuery): AsyncIterable<NormalizedOrder[]>;
  getOrder(p: { token: string; platformOrderId: string }): Promise<NormalizedOrder>;
  listRefunds(q: OrderWindowQuery): AsyncIterable<NormalizedRefund[]>;
  shipNotify(n: ShipNotice): Promise<void>;
  /**
   * Most handles one decrypt call may carry (Taobao 20, JD 50; PDD 33 and Douyin 16, whose 100 / 50
   * ciphertexts per call are three per receiver); 0 = channel gives plain receivers.
   */
  readonly decryptBatchMax: number;
  /** Decrypts receivers through the platform, batched by decryptBatchMax internally; one outcome per item, in order. */
  decryptReceivers(p: DecryptRequest): Promise<DecryptOutcome[]>;
  /** Whether the platform takes a seller's agree / refuse on a refund through the API. */
  readonly refundAnswerable: boolean;
  /** Agree or refuse a refund on the platform; a refusal needs a reason. Never throws for a platform refusal. */
  answerRefund(p: RefundAnswerRequest): Promise<RefundAnswerOutcome>;
}
