/** Business constants and limits of SPEC.md section 9 (and section 3's storage keys). */
export const REQUEST_TIMEOUT_MS = 120_000;
export const BADGE_CAP = 99;
export const SHOP_AUTH_REMIND_DAYS = 5;
export const SHOP_AUTH_TABLE_MAX_HEIGHT = 400;
export const TOUR_POLL_INTERVAL_MS = 250;
export const TOUR_POLL_TIMEOUT_MS = 5_000;
export const DEFAULT_APP_VERSION = '1.9.0';
export const DEFAULT_DEBOUNCE_MS = 1_000;
export const SCROLL_ANIMATION_MS = 150;
export const DISPLAY_UTC_OFFSET_HOURS = 8;
export const TOAST = { duration: 3_000, offset: 16 } as const;
export const DIALOG_MASK_CLOSABLE = true;
export const TABLE = { columnMinWidth: 80, selectionColumnWidth: 48, indent: 16 } as const;
export const PAGINATION_TEXT = {
  perPage: '条/页',
  total: (total: number) => `共 ${total} 条`,
  /** A list counted up to its cap (LIST_COUNT_CAP) with more behind it. */
  totalCapped: (total: number) => `共 ${total}+ 条（请缩小筛选范围）`,
} as const;
/** Lists count their matches up to this and show "10000+" past it: no call counts a whole tenant. */
export const LIST_COUNT_CAP = 10_000;
export const QUERY_STRING_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;
export const TITLE_SUFFIX = '订单管理系统';
export const MENU_CHANGE_HINT_DATE = '2025-01-09';
export const PURCHASE_SOURCE = 'purchase';

/** Local storage keys of SPEC.md section 3. */
export const STORAGE_KEYS = {
  userId: 'user_id',
  userHash: 'user_hash',
  userType: 'userType',
  manualDeliveryPermission: 'orderManualDeliveryPermission',
  appVersion: 'app_version',
  lastRouteQuery: 'last_route_query',
  shopAuthPopupDate: 'shop_auth_popup_date',
  guidePlatformSetting: 'guide_platform_setting_done',
  guideMenuChange: 'guide_menu_change_20250109_done',
} as const;

/** Header names of SPEC.md section 7. The anti-forgery pair is described in docs/ARCHITECTURE.md. */
export const HEADERS = {
  token: 'x-token',
  userId: 'x-user-id',
  requestSource: 'x-request-source',
  brandSource: 'x-source',
  timestamp: 'x-timestamp',
  sign: 'x-sign',
} as const;

/** How far a request's anti-forgery timestamp may drift from the server clock. */
export const SIGN_MAX_SKEW_MS = 10 * 60_000;

/** The two shared demo accounts whose local storage is reset once per browser session (SPEC.md section 6). */
export const DEMO_RESET_USERNAMES = ['demo_seller', 'demo_purchaser'] as const;
