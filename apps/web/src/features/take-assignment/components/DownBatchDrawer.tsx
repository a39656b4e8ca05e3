/** 下发记录: the stall lists sent so far (newest first), each with the codes, goods and quantities the stall prepares. */
import type { DownBatch } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { paginationDefaults } from '../../../lib/table-defaults';
import { takeApi, takeKeys } from '../api';

export function DownBatchDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({ queryKey: takeKeys.downs(pageNo), queryFn: () => takeApi.downList(pageNo), enabled: open });
  return (
    <Drawer open={open} title="拿货码下发记录" width={760} onClose={onClose}>
      <Table<DownBatch>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '还没有下发过拿货码' }}
        pagination={{ ...paginationDefaults, current: pageNo, pageSize: 20, total: list.data?.total ?? 0, onChange: setPageNo }}
        expandable={{
          expandedRowRender: (b) => (
            <Table
              rowKey="takeCode"
              size="small"
              pagination={false}
              dataSource={b.lines}
              columns={[
                { title: '拿货码', dataIndex: 'takeCode' },
                { title: '货号', dataIndex: 'artNo' },
                { title: '颜色', dataIndex: 'color' },
                { title: '尺码', dataIndex: 'size' },
                { title: '数量', dataIndex: 'quantity' },
              ]}
            />
          ),
        }}
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '档口', render: (_, b) => [b.market, b.floor, b.stallNo, b.stallName].filter(Boolean).join(' ') },
          { title: '拿货项', dataIndex: 'itemCount' },
          { title: '件数', dataIndex: 'quantity' },
          { title: '下发时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Drawer>
  );
}
