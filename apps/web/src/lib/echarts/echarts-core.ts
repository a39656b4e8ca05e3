/**
 * The part of ECharts the pages draw with: bar and line charts, grid, tooltip, legend and the
 * canvas renderer. Named imports so the chunk holds only these; LazyChart imports this file
 * dynamically, so no page loads ECharts before it shows a chart.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
