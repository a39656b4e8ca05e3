/** A setting's form: loads the value (default until saved), saves it whole; fields come from the page. */
import type { FulfilmentSettingsValues, PlatformFulfilmentPrices } from '@dropship/contract';
import { Button, Card, Form } from 'antd';
import type { ReactNode } from 'react';
import type { PageKey } from './api';
import { SettingsTabs } from './SettingsTabs';
import { useSetting } from './use-setting';

interface Props<K extends PageKey> {
  settingKey: K;
  title: string;
  tabs?: boolean;
  children: (prices: PlatformFulfilmentPrices) => ReactNode;
  after?: ReactNode;
}

export function SettingForm<K extends PageKey>({ settingKey, title, tabs, children, after }: Props<K>) {
  const { query, save } = useSetting(settingKey);
  return (
    <>
      {tabs && <SettingsTabs />}
      <Card title={title} loading={query.isLoading}>
        {query.data && (
          <Form
            layout="vertical"
            initialValues={query.data.value as object}
            onFinish={(v) => save.mutate(v as FulfilmentSettingsValues[K])}
            style={{ maxWidth: 720 }}
          >
            {children(query.data.prices)}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form>
        )}
      </Card>
      {after}
    </>
  );
}
