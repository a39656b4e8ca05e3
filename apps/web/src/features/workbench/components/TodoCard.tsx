/** One to-do count on the workbench, opening the list filtered to what it counts. */
import { Card, Statistic } from 'antd';
import { Link } from 'react-router';

export default function TodoCard({ title, count, link, loading }: { title: string; count: number; link: string; loading?: boolean }) {
  return (
    <Card size="small" data-testid="todo-card">
      <Link to={link} aria-label={`${title}：${count}`}>
        <Statistic title={title} value={count} loading={loading} valueStyle={count > 0 ? { color: '#fa541c' } : undefined} />
      </Link>
    </Card>
  );
}
