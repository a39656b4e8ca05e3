/** 缺货统计 (/statistics/outStock): the take figures with the stock-out rate first (TakeStatisticsPage). */
import { TakeStatisticsPage } from './TakeStatisticsPage';

export default function OutStockPage() {
  return <TakeStatisticsPage kind="outStock" />;
}
