/** One setting of a page: its value (default until saved) and a save that refreshes it and says so. */
import type { FulfilmentSettingsValues } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type PageKey, settingKeys, settingsApi } from './api';

export function useSetting<K extends PageKey>(key: K) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: settingKeys.setting(key), queryFn: () => settingsApi.get(key) });
  const save = useMutation({
    mutationFn: (value: FulfilmentSettingsValues[K]) => settingsApi.save(key, value),
    onSuccess: (r) => {
      qc.setQueryData(settingKeys.setting(key), r);
      message.success('保存成功');
    },
  });
  return { query, save };
}
