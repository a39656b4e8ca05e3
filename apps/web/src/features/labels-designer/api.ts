/** Calls of the tag designer: the seller's pick-up tag templates. */
import type { TagTemplateRow } from '@dropship/contract';
import { call } from '../../app/api';

/** The organisation's default, or the built-in one (id null) when none is saved. */
export type DefaultTagTemplateRow = Omit<TagTemplateRow, 'id' | 'updatedAt'> & { id: number | null; updatedAt: string | null };

export interface TagTemplateSave {
  id?: number;
  name: string;
  isDefault: boolean;
  template: Record<string, unknown>;
}

export const tagTemplateKeys = {
  all: ['labels', 'tagTemplate'] as const,
  list: () => [...tagTemplateKeys.all, 'list'] as const,
  default: () => [...tagTemplateKeys.all, 'default'] as const,
};

export const tagTemplateApi = {
  list: () => call<TagTemplateRow[]>({ method: 'GET', url: '/api/labels/tagTemplate/list' }),
  default: () => call<DefaultTagTemplateRow>({ method: 'GET', url: '/api/labels/tagTemplate/default' }),
  save: (data: TagTemplateSave) => call<{ id: number }>({ method: 'POST', url: '/api/labels/tagTemplate/save', data }),
  remove: (id: number) => call<null>({ method: 'POST', url: '/api/labels/tagTemplate/remove', data: { id } }),
};
