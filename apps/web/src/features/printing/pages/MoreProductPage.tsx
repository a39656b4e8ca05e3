/** /print/moreProduct 更多功能: the printing tools in one place, and the print service installers. */
import { PrinterOutlined, SafetyCertificateOutlined, SettingOutlined, TagOutlined } from '@ant-design/icons';
import { Card, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { FeatureCard } from '../components/FeatureCard';
import { usePrintService } from '../print-service';

export default function MoreProductPage() {
  const { config } = usePrintService();
  return (
    <div>
      <Typography.Title level={4}>更多功能</Typography.Title>
      <Row gutter={[16, 16]}>
        <FeatureCard icon={<TagOutlined />} title="拿货标签设计" to="/tagEditorFabric" desc="自定义拿货标签的内容、位置和尺寸。" />
        <FeatureCard icon={<SafetyCertificateOutlined />} title="自定义合格证" to="/basicSet/customCertificate" desc="编辑合格证内容与洗涤标识，按数量打印。" />
        <FeatureCard icon={<SettingOutlined />} title="打印设置" to="/print/printSetting" desc="选择标签打印机，校准打印偏移（仅对本电脑生效）。" />
        <Col xs={24} sm={12} lg={6}>
          <Card
            title={
              <Space>
                <PrinterOutlined />
                打印服务 C-Lodop
              </Space>
            }
            style={{ height: '100%' }}
          >
            <Typography.Paragraph type="secondary">安装后可直接打印到标签打印机，无需打印对话框。安装后请刷新页面。</Typography.Paragraph>
            <Space>
              <a href={config.installers.win32} download>
                下载32位
              </a>
              <a href={config.installers.win64} download>
                下载64位
              </a>
              <Link to="/print/printSetting">检测状态</Link>
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
