/**
 * The part of ECharts the workbench draws with: the line chart, grid, tooltip, legend and the canvas
 * renderer. Named imports so the bundle holds only these; WeekChart imports this file dynamically.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
