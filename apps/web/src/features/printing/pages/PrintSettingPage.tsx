/** /print/printSetting 打印设置: this computer's print service, printers and label offsets, and the platforms' waybill print components. */
import { Alert, Card, Space, Typography } from 'antd';
import { KindSettingsTable } from '../components/KindSettingsTable';
import { PlatformPrintCard } from '../components/PlatformPrintCard';
import { PrintServiceStatus } from '../components/PrintServiceStatus';
import { recheckComponent, usePlatformPrintComponents } from '../platform-print/platform-print-service';
import { usePrintService } from '../print-service';

export default function PrintSettingPage() {
  const service = usePrintService();
  const components = usePlatformPrintComponents();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4}>打印设置</Typography.Title>
      <PrintServiceStatus service={service} />
      <Card title="标签打印机与偏移">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="以下设置仅对本电脑生效（保存在本浏览器中）。偏移以毫米为单位，正数向右/向下，范围 −20 至 20。打印校准页可检查位置是否准确。"
          />
          {/* Keyed by the printer list so the rows pick up printers that arrive after the service loads. */}
          <KindSettingsTable key={service.printers.join('|')} printers={service.printers} />
        </Space>
      </Card>
      <PlatformPrintCard statuses={components} onRecheck={(s) => void recheckComponent(s)} />
    </Space>
  );
}
