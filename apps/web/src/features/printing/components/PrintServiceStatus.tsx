/** Whether this computer's C-Lodop answers, which version, which printers; and what to do if not. */
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { PrintServiceSnapshot } from '../print-service';
import { PrintServiceAlert } from './PrintServiceAlert';

const STATE_TAG = {
  loading: <Tag color="processing">正在检测打印服务…</Tag>,
  complete: <Tag color="success">打印服务已连接</Tag>,
  error: <Tag color="default">未检测到打印服务</Tag>,
} as const;

export function PrintServiceStatus({ service }: { service: PrintServiceSnapshot }) {
  return (
    <Card title="打印服务（C-Lodop）" data-testid="print-service-status">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'state', label: '状态', children: STATE_TAG[service.state] },
            { key: 'version', label: '版本', children: service.version ?? '—' },
            { key: 'printers', label: '打印机', children: service.printers.length ? service.printers.join('、') : '—' },
          ]}
        />
        {service.message && <PrintServiceAlert message={service.message} />}
        {service.state === 'error' && <Typography.Text type="secondary">未安装打印服务时，标签以 PDF 方式通过浏览器打印，页面尺寸与标签一致。</Typography.Text>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          打印服务默认在本机 8000、18000 端口（https 页面为 8443）。
        </Typography.Text>
      </Space>
    </Card>
  );
}
