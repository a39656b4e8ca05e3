/** One tool on 更多功能: a card that is a link to its page. */
import { Card, Col, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function FeatureCard({ icon, title, desc, to }: { icon: ReactNode; title: string; desc: string; to: string }) {
  return (
    <Col xs={24} sm={12} lg={6}>
      <Link to={to}>
        <Card hoverable style={{ height: '100%' }}>
          <Space orientation="vertical">
            <Typography.Text strong>
              {icon} {title}
            </Typography.Text>
            <Typography.Text type="secondary">{desc}</Typography.Text>
          </Space>
        </Card>
      </Link>
    </Col>
  );
}
