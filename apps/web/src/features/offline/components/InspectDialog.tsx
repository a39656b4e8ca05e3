/** 验货 of a signed-in after-sale return: result, quantity received, photo links and a note. */
import { AfterSaleInspectBody, INSPECTION_RESULT_NAMES, InspectionResult, RETURN_FREIGHT_MAX_FEN, type SignedAfterSale, yuanToFen } from '@dropship/contract';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { zodRule } from '../../../lib/zod-rule';
import { PhotoLinksField } from '../../after-sales/components/PhotoLinksField';
import { offlineApi } from '../api';

interface Values {
  result: InspectionResult;
  receivedQuantity: number;
  photos: string[];
  note: string;
  freightCollectFen?: number;
}

type FormValues = Omit<Values, 'freightCollectFen'> & { freightYuan?: number | null };

/** 到付运费 in fen, sent only when there was one (the server's default is none). */
const freightOf = (yuan: number | null | undefined) => {
  const fen = yuan ? (yuanToFen(yuan.toFixed(2)) ?? 0) : 0;
  return fen > 0 ? { freightCollectFen: fen } : {};
};

interface Props {
  target: SignedAfterSale | null;
  loading: boolean;
  onClose(): void;
  onOk(v: Values): void;
}

export function InspectDialog({ target, loading, onClose, onOk }: Props) {
  const [form] = Form.useForm<FormValues>();
  return (
    <Modal
      title={`验货 ${target?.afterSaleNo ?? ''}`}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交验货"
      confirmLoading={loading}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ result: 'QUALIFIED', receivedQuantity: target?.quantity ?? 1, photos: [], note: '' }}
        onFinish={({ freightYuan, ...v }) => onOk({ ...v, note: (v.note ?? '').trim(), ...freightOf(freightYuan) })}
      >
        <Form.Item name="result" label="验货结果" extra="合格的进入退货入库分配退回档口；次品、错发、少件转为问题件由卖家处理">
          <Select options={InspectionResult.options.map((r) => ({ value: r, label: INSPECTION_RESULT_NAMES[r] }))} />
        </Form.Item>
        <Form.Item
          name="receivedQuantity"
          label={`实收数量（售后 ${target?.quantity ?? 0} 件）`}
          rules={[zodRule(AfterSaleInspectBody.shape.receivedQuantity)]}
        >
          <InputNumber min={0} max={target?.quantity ?? 999} precision={0} />
        </Form.Item>
        <Form.Item name="photos" label="验货图片">
          <PhotoLinksField upload={offlineApi.uploadInspectionPhoto} camera label="验货图片" />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="freightYuan" label="到付运费（元）" extra="退货包裹到付、仓库已付快递员时填写，从卖家余额扣除；没有到付不填">
          <InputNumber min={0} max={RETURN_FREIGHT_MAX_FEN / 100} precision={2} style={{ width: '100%' }} placeholder="0.00" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
