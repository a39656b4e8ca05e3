/**
 * 平台电子面单打印组件: the six platforms' own print components on this computer, their state, what
 * to do when one is missing, and the printer each prints waybills on (saved on this computer).
 */
import { Alert, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ComponentState, ComponentStatus } from '../platform-print/client';
import { COMPONENT_SOURCES, COMPONENTS, type PrintComponentSource } from '../platform-print/components';
import { readComponentPrinters, saveComponentPrinter } from '../platform-print/printer-choice';
import { componentAdvice, STATE_LABEL } from '../platform-print/status-text';

const STATE_COLOR: Record<ComponentState, string> = {
  unchecked: 'default',
  connecting: 'processing',
  connected: 'success',
  unavailable: 'default',
  printing: 'processing',
  failed: 'error',
};

/** The value meaning "no choice: the component's own default printer". */
const COMPONENT_DEFAULT = '';

export function PlatformPrintCard({
  statuses,
  onRecheck,
}: {
  statuses: Record<PrintComponentSource, ComponentStatus>;
  onRecheck: (source: PrintComponentSource) => void;
}) {
  const [chosen, setChosen] = useState(readComponentPrinters);
  const choose = (source: PrintComponentSource, printer: string) => {
    saveComponentPrinter(source, printer);
    setChosen(readComponentPrinters());
  };

  return (
    <Card title="平台电子面单打印组件" data-testid="platform-print-card">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title="淘宝、拼多多、抖音、快手、小红书、京东的电子面单是加密的，只能由该平台的打印组件在仓库电脑上打印。请安装所需平台的打印组件并保持运行；面单打印机的选择保存在本浏览器中，只用于这台电脑。"
        />
        <Table
          rowKey="source"
          size="small"
          pagination={false}
          dataSource={COMPONENT_SOURCES.map((source) => ({ source, ...statuses[source] }))}
          columns={[
            {
              title: '打印组件',
              key: 'name',
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{COMPONENTS[r.source].name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {COMPONENTS[r.source].platforms}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: '状态',
              key: 'state',
              render: (_, r) => {
                const advice = componentAdvice(r.source, r);
                return (
                  <Space orientation="vertical" size={4} data-testid={`component-${r.source}`}>
                    <Tag color={STATE_COLOR[r.state]} data-testid={`component-state-${r.source}`}>
                      {STATE_LABEL[r.state]}
                    </Tag>
                    {advice && (
                      <Typography.Text type={r.state === 'failed' ? 'danger' : 'warning'} style={{ fontSize: 12 }} data-testid={`component-advice-${r.source}`}>
                        {advice}
                      </Typography.Text>
                    )}
                  </Space>
                );
              },
            },
            {
              title: '面单打印机',
              key: 'printer',
              width: 240,
              render: (_, r) => {
                const saved = chosen[r.source] ?? COMPONENT_DEFAULT;
                // A saved printer this computer no longer reports stays listed, so the choice is visible.
                const names = saved && !r.printers.includes(saved) ? [...r.printers, saved] : r.printers;
                return (
                  <Select
                    aria-label={`${COMPONENTS[r.source].name} 打印机`}
                    style={{ width: 220 }}
                    value={saved}
                    disabled={r.state !== 'connected' && r.state !== 'failed'}
                    onChange={(v: string) => choose(r.source, v)}
                    options={[
                      { value: COMPONENT_DEFAULT, label: r.defaultPrinter ? `组件默认（${r.defaultPrinter}）` : '组件默认打印机' },
                      ...names.map((p) => ({ value: p, label: p })),
                    ]}
                  />
                );
              },
            },
            {
              title: '操作',
              key: 'ops',
              width: 110,
              render: (_, r) => (
                <Button size="small" loading={r.state === 'connecting'} onClick={() => onRecheck(r.source)} data-testid={`recheck-${r.source}`}>
                  重新检测
                </Button>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          组件只打印平台签发的面单数据，因此这里不提供测试打印：请在扫描打印中打印一张真实面单来检查。打印组件默认端口：
          {COMPONENT_SOURCES.map((s) => `${COMPONENTS[s].name} ${COMPONENTS[s].port}`).join('、')}。
        </Typography.Text>
      </Space>
    </Card>
  );
}
