/**
 * Chinese messages for the render request and tag templates. @dropship/labels' schemas carry no
 * Chinese field names (they are shared with tools that do not speak Chinese), so the message is
 * built here from the issue's path: `第1条标签数据的取货码（data.0.takeCode）：请填写`. The
 * path stays in the message because the page shows it to whoever is wiring up a print job.
 */
import { LABEL_FORMATS, LABEL_KINDS } from '@dropship/labels';
import type { z } from 'zod';

const FIELD_NAMES: Record<string, string> = {
  kind: '标签类型',
  format: '输出格式',
  data: '标签数据',
  options: '打印选项',
  brand: '品牌',
  offsetXMm: '横向偏移',
  offsetYMm: '纵向偏移',
  template: '标签模板',
  pickupTagPart: '标签部分',
  returnTitle: '退货标签标题',
  dpi: '打印机分辨率',
  stallName: '档口名称',
  orderNo: '订单号',
  pickerName: '拿货员',
  takeCode: '取货码',
  sortingNo: '分拣号',
  gift: '赠品',
  printTime: '打印时间',
  qrContent: '二维码内容',
  sortingCode: '分拣码',
  allocationCode: '配货码',
  allocation: '配货',
  articleNo: '货号',
  spec: '规格',
  quantity: '数量',
  productInfo: '商品信息',
  colorSize: '颜色尺码',
  pickupQuantity: '拿货数量',
  consignee: '收货人',
  contact: '联系方式',
  address: '地址',
  priceFen: '价格',
  dropshipOrderNo: '代发订单号',
  manufacturerAddress: '厂家地址',
  manufacturerAddressFontSize: '厂家地址字号',
  text: '文字',
  qrCode: '二维码',
  returnCode: '退货码',
  inboundNo: '入库单号',
  barcodeNo: '条码号',
  trackingNo: '运单号',
  courierName: '快递公司',
  receiverName: '收件人',
  receiverPhone: '收件人电话',
  receiverAddress: '收件地址',
  senderName: '寄件人',
  senderPhone: '寄件人电话',
  senderAddress: '寄件地址',
  goods: '物品',
  itemCount: '件数',
  remark: '备注',
  signInTime: '签收时间',
  returnCourier: '退货快递',
  title: '标题',
  categoryName: '品名',
  artNo: '货号',
  specification: '规格',
  productLevel: '等级',
  fabricComposition: '成分',
  enforceStandards: '执行标准',
  safetyCategory: '安全类别',
  origin: '产地',
  washedLabelList: '洗涤标识',
  image: '图片',
  zhDesc: '说明',
  name: '名称',
  type: '类型',
  width: '宽度',
  height: '高度',
  fontSize: '字号',
  datas: '标签字段',
  originCanvasData: '画布',
  elements: '画布元素',
  tagElements: '标签字段',
  ARTICLE_SIZE_NUM: '货号规格数量',
  ARTICLE_SIZE_NUM_WITHOUT_NAME: '货号规格数量（不含档口）',
  SHOP_ORDER_PRODUCT_NUM: '订单商品数',
  PRINT_TIME: '打印时间',
  TAKE_CODE: '取货码',
  TAKE_CODE_QR: '取货二维码',
  SHOP_ORDER_NO: '订单号',
  PRINT_NAME: '采购商信息',
  SHOP_NAME_AND_PLATFORM: '店铺和平台',
  BUYER_REMARK: '买家备注',
  SELLER_REMARK: '卖家备注',
  POSITION_NO: '分拣位号',
  EXPRESS_NAME: '快递',
  SHOP_ORDER_GOODS_TYPE: '单件多件',
  artno: '货号',
};

const TYPE_NAMES: Record<string, string> = { string: '文本', number: '数字', int: '整数', boolean: '是或否', array: '列表', object: '对象' };

/** `data.0.takeCode` → `第1条标签数据的取货码`; unknown keys are shown as they are. */
export function fieldName(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const next = path[i + 1];
    const name = FIELD_NAMES[String(key)] ?? String(key);
    if (typeof next === 'number') {
      parts.push(`第${next + 1}条${name}`);
      i++;
    } else if (typeof key === 'number') parts.push(`第${key + 1}项`);
    else parts.push(name);
  }
  return parts.join('的') || '请求内容';
}

type Issue = z.core.$ZodIssue;

/** The value at an issue's path in what was sent (zod 4 does not keep it in the issue by default). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function problem(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined || value === null) return '请填写';
      return `应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `不能超过${max}个字符`;
      if (issue.origin === 'array') return `最多${max}条`;
      return `不能大于${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '不能为空' : `至少${min}个字符`;
      if (issue.origin === 'array') return `至少${min}条`;
      return `不能小于${min}`;
    }
    case 'invalid_value':
      return `只能是 ${issue.values.map(String).join('、')} 之一`;
    case 'invalid_union':
      return '内容不正确';
    case 'invalid_format':
      return '格式不正确';
    case 'unrecognized_keys':
      return `不认识的字段：${issue.keys.join('、')}`;
    default:
      return '内容不正确';
  }
}

/**
 * One Chinese sentence for the first problem of a label request or template. `input` is what was
 * validated (to tell a missing field from a wrong one); `prefix` is where it sits in the body.
 */
export function describeLabelIssue(issue: Issue, input: unknown, prefix: readonly PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path];
  const where = `${fieldName(path)}（${path.map(String).join('.') || '-'}）`;
  if (path.length === 1 && path[0] === 'kind') return `${where}不正确，应为 ${LABEL_KINDS.join('、')} 之一`;
  if (path.length === 1 && path[0] === 'format') return `${where}不正确，应为 ${LABEL_FORMATS.join('、')} 之一`;
  if (path.length === 0 && issue.code === 'invalid_type') return '请求内容应为 {kind, format, data, options} 对象';
  // Messages the package wrote itself are Chinese already (e.g. the barcode charset rule); zod's own start with 无效.
  const own = (issue.code === 'custom' || issue.code === 'invalid_format') && /[\u4e00-\u9fff]/.test(issue.message) && !issue.message.startsWith('无效');
  return `${where}：${own ? issue.message : problem(issue, valueAt(input, issue.path))}`;
}
