/** Today's figure against yesterday's: the arrow says which way it went. */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { fenToYuan } from '@dropship/contract';
import { Card, Statistic, Typography } from 'antd';

export default function FigureCard({ title, today, yesterday, money }: { title: string; today: number; yesterday: number; money: boolean }) {
  const show = (v: number) => (money ? fenToYuan(v) : String(v));
  const diff = today - yesterday;
  return (
    <Card size="small">
      <Statistic
        title={title}
        value={show(today)}
        suffix={
          diff === 0 ? null : diff > 0 ? (
            <ArrowUpOutlined style={{ color: '#cf1322', fontSize: 14 }} />
          ) : (
            <ArrowDownOutlined style={{ color: '#3f8600', fontSize: 14 }} />
          )
        }
      />
      <Typography.Text type="secondary">昨日 {show(yesterday)}</Typography.Text>
    </Card>
  );
}
