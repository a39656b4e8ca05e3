/**
 * Step 1: the shop the orders go into and the export file (a Taobao 订单报表 may bring its 宝贝报表).
 * The file is checked on the page (type, size) and then recognized by the server (inspect).
 */
import { DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, type ImportShop } from '@dropship/contract';
import { App, Button, Form, Select, Space, Typography, Upload } from 'antd';
import { ACCEPT, fileProblem, LIMITS_TEXT } from '../import-state';

export interface UploadValue {
  shopId?: number;
  file?: File;
  detailFile?: File;
}

interface Props {
  shops: ImportShop[];
  value: UploadValue;
  onChange(v: UploadValue): void;
  onNext(): void;
  onTemplate(): void;
  checking: boolean;
}

export function UploadStep({ shops, value, onChange, onNext, onTemplate, checking }: Props) {
  const { message } = App.useApp();
  const pick = (key: 'file' | 'detailFile') => (file: File) => {
    const problem = fileProblem(file);
    if (problem) message.error(problem);
    else onChange({ ...value, [key]: file });
    // Never upload on drop: the file is sent when the seller goes on.
    return Upload.LIST_IGNORE;
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 640 }}>
      <Form.Item label="导入到店铺" required extra="文件的平台须与店铺一致；“其他”平台的店铺可导入任何格式">
        <Select<number>
          aria-label="导入到店铺"
          placeholder="请选择店铺"
          value={value.shopId}
          onChange={(shopId) => onChange({ ...value, shopId })}
          options={shops.map((s) => ({ value: s.id, label: `${s.name}（${CHANNEL_NAMES[s.channel]}）` }))}
          notFoundContent="还没有店铺，请先在“店铺授权”中添加店铺"
        />
      </Form.Item>
      <Form.Item label="订单文件" required>
        <Upload.Dragger accept={ACCEPT} multiple={false} showUploadList={false} beforeUpload={pick('file')} data-testid="order-file">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{value.file ? value.file.name : '点击或拖拽订单文件到这里'}</p>
          <p className="ant-upload-hint">淘宝/千牛订单报表、拼多多、抖店导出的订单文件，或按模板填写的文件。{LIMITS_TEXT}</p>
        </Upload.Dragger>
      </Form.Item>
      <Form.Item label="宝贝报表（可选，仅淘宝/千牛）" extra="附带宝贝报表可导入每件商品的规格和商家编码">
        <Space>
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={pick('detailFile')}>
            <Button icon={<PaperClipOutlined />}>{value.detailFile ? '更换宝贝报表' : '选择宝贝报表'}</Button>
          </Upload>
          {value.detailFile && (
            <Typography.Text>
              {value.detailFile.name} <Typography.Link onClick={() => onChange({ ...value, detailFile: undefined })}>移除</Typography.Link>
            </Typography.Text>
          )}
        </Space>
      </Form.Item>
      <Space>
        <Button type="primary" disabled={!value.file} loading={checking} onClick={onNext}>
          下一步
        </Button>
        <Button icon={<DownloadOutlined />} onClick={onTemplate}>
          下载模板
        </Button>
      </Space>
    </Form>
  );
}
