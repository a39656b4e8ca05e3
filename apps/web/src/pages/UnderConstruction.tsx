import { Card, Empty, Typography } from 'antd';

/**
 * A page whose capability has not landed yet: its real title, and an honest 建设中 in the user's
 * words. Which capability brings it is for developers, so it is an attribute, not text.
 */
export default function UnderConstruction({ title, owner }: { title: string; owner: string }) {
  return (
    <Card data-owner={owner}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Empty description="该功能正在建设中，上线后即可使用，敬请期待。" />
    </Card>
  );
}
