/**
 * 扫描打印 (/print/scanPrint): the scanner types the 12-digit pick-up code and Enter into the focused
 * field. Each scan marks the item arrived; a multi-item order's slot number shows big until its last
 * item; a complete order comes back with its waybill, which prints at once and shows as a preview:
 * a platform e-waybill through the platform's print component, else our label (C-Lodop, else PDF). The field keeps the focus so the next parcel can be scanned straight away.
 * A warehouse also ships the problem parcels' paid send-backs here (问题件寄回发货).
 */
import { SettingOutlined } from '@ant-design/icons';
import type { WaybillLabelData } from '@dropship/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Input, type InputRef, Row, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../app/api';
import { isPurchaser } from '../../../app/session';
import { SendBackShipCard } from '../../problem-parcels/components/SendBackShipCard';
import { warehouseApi, warehouseKeys } from '../api';
import { ScanResultPanel, type ScanShown } from '../components/ScanResultPanel';
import { WarehouseSettingModal } from '../components/WarehouseSettingModal';
import { WaybillPreview } from '../components/WaybillPreview';
import { beep } from '../feedback';
import { printWaybills } from '../print-waybills';

const AUTO_PRINT_KEY = 'warehouse_auto_print';
interface HistoryRow {
  key: number;
  code: string;
  at: string;
  text: string;
  ok: boolean;
}

export default function ScanPrintPage() {
  const qc = useQueryClient();
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ScanShown | null>(null);
  const [history, setHistory] = useState<HistoryRow[]>([]);
  const [settingOpen, setSettingOpen] = useState(false);
  const [autoPrint, setAutoPrint] = useState(() => localStorage.getItem(AUTO_PRINT_KEY) !== '0');
  const [printError, setPrintError] = useState<string | null>(null);
  /** Prints and shows the printer's (or the platform print component's) reason when it fails. */
  const print = (w: WaybillLabelData) =>
    printWaybills([w]).then(
      () => setPrintError(null),
      (e: unknown) => setPrintError(e instanceof Error ? e.message : '面单打印失败'),
    );
  const focus = () => {
    setTimeout(() => input.current?.focus(), 0);
  };
  useEffect(focus, []);

  const remember = (c: string, ok: boolean, text: string) =>
    setHistory((h) => [{ key: Date.now(), code: c, at: new Date().toLocaleTimeString('zh-CN', { hour12: false }), text, ok }, ...h].slice(0, 30));

  // A scanner does not wait: codes scanned while one is being handled queue up and go in turn.
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  function submit(raw: string) {
    const c = raw.trim();
    setCode('');
    if (!c) return;
    queue.current.push(c);
    if (!running.current) void drain();
  }
  async function drain() {
    running.current = true;
    setBusy(true);
    for (let c = queue.current.shift(); c !== undefined; c = queue.current.shift()) await scanOne(c);
    running.current = false;
    setBusy(false);
    focus();
  }

  async function scanOne(c: string) {
    try {
      const r = await warehouseApi.scan(c);
      setShown({ ok: true, r });
      remember(c, r.outcome !== 'READY', r.message);
      beep(r.outcome === 'SHIPPED' ? 'ok' : r.outcome === 'READY' ? 'error' : 'wait');
      setPrintError(null);
      if (r.waybill && autoPrint) await print(r.waybill);
      void qc.invalidateQueries({ queryKey: warehouseKeys.all });
    } catch (e) {
      const message = e instanceof ApiError || e instanceof Error ? e.message : '系统异常';
      setShown({ ok: false, code: c, message });
      remember(c, false, message);
      beep('error');
    }
  }

  const waybill = shown?.ok ? shown.r.waybill : null;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>扫描打印</Typography.Title>
        <Space>
          <Checkbox
            checked={autoPrint}
            onChange={(e) => {
              setAutoPrint(e.target.checked);
              localStorage.setItem(AUTO_PRINT_KEY, e.target.checked ? '1' : '0');
            }}
          >
            发货后自动打印面单
          </Checkbox>
          <Button icon={<SettingOutlined />} onClick={() => setSettingOpen(true)}>
            仓库设置
          </Button>
        </Space>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card>
            <Input
              ref={input}
              aria-label="拿货码"
              size="large"
              value={code}
              suffix={busy ? <Spin size="small" /> : <span />}
              maxLength={20}
              inputMode="numeric"
              autoComplete="off"
              placeholder="用扫码枪扫描拿货标签上的条码，或输入12位拿货码后按回车"
              onChange={(e) => setCode(e.target.value)}
              onPressEnter={() => submit(code)}
              style={{ fontSize: 28, letterSpacing: 2 }}
            />
            <Typography.Text type="secondary">单件订单扫描后直接出面单发货；多件订单放入屏幕上的分拣位，最后一件扫描后出面单。</Typography.Text>
          </Card>
          {shown && <ScanResultPanel shown={shown} />}
          <Table<HistoryRow>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={history}
            locale={{ emptyText: '本次还没有扫描记录' }}
            columns={[
              { title: '时间', dataIndex: 'at', width: 90 },
              { title: '拿货码', dataIndex: 'code', width: 140 },
              { title: '结果', dataIndex: 'text', render: (t: string, r) => <Typography.Text type={r.ok ? undefined : 'danger'}>{t}</Typography.Text> },
            ]}
          />
        </Col>
        <Col xs={24} lg={10}>
          {waybill && (
            <Card
              title={`面单 ${waybill.trackingNo}`}
              extra={
                <Button size="small" onClick={() => void print(waybill)}>
                  再打一张
                </Button>
              }
            >
              {printError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title="面单未能打印" description={printError} />}
              <WaybillPreview waybill={waybill} />
            </Card>
          )}
        </Col>
      </Row>
      {isPurchaser() && <SendBackShipCard />}
      <WarehouseSettingModal
        open={settingOpen}
        onClose={() => {
          setSettingOpen(false);
          focus();
        }}
      />
    </div>
  );
}
