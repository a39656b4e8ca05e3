/**
 * Step 2: the layout the server recognized (with the columns it reads), or, for any other file,
 * the column mapping: each of our fields gets one of the file's columns. A few rows of the file
 * are shown so the seller can see what each column holds.
 */
import { CHANNEL_NAMES, type ImportField, type ImportInspectResult, type ImportMapping, missingMappingFields } from '@dropship/contract';
import { Alert, Button, Descriptions, Form, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { fieldLabel, MAPPING_FIELDS } from '../import-state';

interface Props {
  inspect: ImportInspectResult;
  mapping: ImportMapping;
  onMapping(m: ImportMapping): void;
  /** Editing a recognized layout's columns sends the mapping; otherwise the layout's own rules apply. */
  editing: boolean;
  onEditing(v: boolean): void;
  onBack(): void;
  onNext(): void;
  creating: boolean;
}

function SampleTable({ inspect }: { inspect: ImportInspectResult }) {
  const columns = inspect.headers.map((h, i) => ({ title: h || `第${i + 1}列`, dataIndex: i, key: i, ellipsis: true, width: 140 }));
  const data = inspect.sampleRows.map((r, i) => ({ key: i, ...Object.fromEntries(r.map((v, j) => [j, v])) }));
  return <Table size="small" columns={columns} dataSource={data} pagination={false} scroll={{ x: 'max-content' }} />;
}

export function LayoutStep({ inspect, mapping, onMapping, editing, onEditing, onBack, onNext, creating }: Props) {
  const [tried, setTried] = useState(false);
  const recognized = inspect.layout !== 'CUSTOM';
  const missing = missingMappingFields(mapping);
  const headerOptions = inspect.headers.filter(Boolean).map((h) => ({ value: h, label: h }));
  const setField = (f: ImportField, h: string | undefined) => {
    const next = { ...mapping };
    if (h) next[f] = h;
    else delete next[f];
    onMapping(next);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {recognized ? (
        <Alert
          type="success"
          showIcon
          title={`已识别为：${inspect.layoutName}${inspect.channel ? `（${CHANNEL_NAMES[inspect.channel]}）` : ''}`}
          description={inspect.hint ?? '将按下表的列读取订单；如有不对，可调整列对应。'}
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          title="未能识别文件格式"
          description="请为下面的字段选择文件中对应的列（带 * 的必填；省市区可改为选择一列“完整地址”）。"
        />
      )}
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'f', label: '文件', children: inspect.fileName },
          {
            key: 'fmt',
            label: '格式',
            children: `${inspect.format}${inspect.encoding ? `（${inspect.encoding === 'GB18030' ? 'GBK' : inspect.encoding}）` : ''}`,
          },
          { key: 'c', label: '列数', children: inspect.headers.length },
        ]}
      />
      {recognized && !editing ? (
        <Descriptions
          size="small"
          bordered
          column={3}
          title="读取的列"
          items={Object.entries(inspect.mapping).map(([f, h]) => ({ key: f, label: fieldLabel(f as ImportField), children: h }))}
          extra={<Button onClick={() => onEditing(true)}>调整列对应</Button>}
        />
      ) : (
        <Form layout="inline" style={{ rowGap: 8 }}>
          {MAPPING_FIELDS.map(({ field, required }) => (
            <Form.Item key={field} label={`${fieldLabel(field)}${required ? ' *' : ''}`} style={{ width: 300 }}>
              <Select
                aria-label={`列对应-${fieldLabel(field)}`}
                allowClear
                placeholder="不导入"
                value={mapping[field]}
                options={headerOptions}
                onChange={(h) => setField(field, h)}
              />
            </Form.Item>
          ))}
        </Form>
      )}
      {tried && missing.length > 0 && <Typography.Text type="danger">请选择：{missing.join('、')}</Typography.Text>}
      <Typography.Text type="secondary">文件前几行：</Typography.Text>
      <SampleTable inspect={inspect} />
      <Space>
        <Button onClick={onBack}>上一步</Button>
        <Button
          type="primary"
          loading={creating}
          onClick={() => {
            setTried(true);
            if ((!recognized || editing) && missing.length > 0) return;
            onNext();
          }}
        >
          生成预览
        </Button>
      </Space>
    </Space>
  );
}
