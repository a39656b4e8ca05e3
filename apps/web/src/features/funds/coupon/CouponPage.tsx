/**
 * 优惠券 (/funds/coupon, main variant): the seller's coupons in three tabs with their counts; the
 * tab and page live in the URL. Coupons are chosen when paying a dropship order.
 */

import { COUPON_STATUS_NAMES, type CouponStatus } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Empty, Pagination, Row, Spin, Tabs, Typography } from 'antd';
import { ExportButton, oneOf, PAGE_SIZE_OPTIONS, useListPage } from '../../../lib/list-page';
import { paginationDefaults } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';
import { CouponCard } from './CouponCard';

const STATES: CouponStatus[] = ['UNUSED', 'USED', 'EXPIRED'];
const EMPTY: Record<CouponStatus, string> = { UNUSED: '暂无可用优惠券', USED: '暂无已使用的优惠券', EXPIRED: '暂无已过期的优惠券' };

const LIST = { filters: { status: oneOf(STATES).or('UNUSED') } };

export default function CouponPage() {
  const list = useListPage(LIST);
  const { status } = list.filters;
  const { query } = list;
  const page = useQuery({ queryKey: recordsKeys.coupons(query), queryFn: () => recordsApi.coupons(query), placeholderData: keepPreviousData });
  const counts = page.data?.counts;

  return (
    <div>
      <Typography.Title level={4}>优惠券</Typography.Title>
      <Typography.Paragraph type="secondary">优惠券在支付代发订单时选择使用，每笔订单限用一张；过期未使用的优惠券自动失效。</Typography.Paragraph>
      <Tabs
        activeKey={status}
        onChange={(key) => list.filter({ status: key as CouponStatus })}
        items={STATES.map((s) => ({ key: s, label: `${COUPON_STATUS_NAMES[s]}${counts ? `（${counts[s]}）` : ''}` }))}
        tabBarExtraContent={<ExportButton run={() => recordsApi.exportCoupons(status)} />}
      />
      <Spin spinning={page.isFetching}>
        {page.data && page.data.list.length === 0 ? (
          <Empty description={EMPTY[status]} />
        ) : (
          <Row gutter={[12, 12]}>
            {(page.data?.list ?? []).map((c) => (
              <Col key={c.id} xs={24} md={12} xl={8}>
                <CouponCard coupon={c} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {(page.data?.total ?? 0) > query.pageSize && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          {...paginationDefaults}
          current={query.pageNo}
          pageSize={query.pageSize}
          total={page.data?.total ?? 0}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          onChange={(pageNo, pageSize) => list.change({ pageNo, pageSize })}
        />
      )}
    </div>
  );
}
