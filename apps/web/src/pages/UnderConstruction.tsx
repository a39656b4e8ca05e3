import { Card, Empty, Typography } from 'antd';

/** A page whose capability has not landed yet: its real title, and an honest 建设中. */
export default function UnderConstruction({ title, owner }: { title: string; owner: string }) {
  return (
    <Card>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Empty description={<span>建设中：该页面由「{owner}」功能提供，完成后即可使用。</span>} />
    </Card>
  );
}
