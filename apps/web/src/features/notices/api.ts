/** The readers' notice calls (SPEC.md section 7) and the operator console's announcement and popup calls, with their query keys. */
import type {
  AnnouncementRow,
  AnnouncementSaveBody,
  NoticeCategory,
  NoticeDetail,
  NoticeListResult,
  PopupRow,
  PopupSaveBody,
  PopupShown,
} from '@dropship/contract';
import { call } from '../../app/api';

type Page = { pageNo: number; pageSize: number };

export const noticeKeys = {
  all: ['notices'] as const,
  list: (category: NoticeCategory, q: Page) => [...noticeKeys.all, 'list', category, q] as const,
  detail: (category: NoticeCategory, id: number) => [...noticeKeys.all, 'detail', category, id] as const,
  popup: (page: string) => [...noticeKeys.all, 'popup', page] as const,
  adminAnnouncements: (q: Page) => [...noticeKeys.all, 'admin', 'announcements', q] as const,
  adminPopups: (q: Page) => [...noticeKeys.all, 'admin', 'popups', q] as const,
};

const listUrl = (c: NoticeCategory) => (c === 'SYSTEM' ? '/api/notice/system/list' : '/api/notice/list');
const detailUrl = (c: NoticeCategory) => (c === 'SYSTEM' ? '/api/notice/system/detail' : '/api/notice/detail');

export const noticesApi = {
  list: (category: NoticeCategory, q: Page) => call<NoticeListResult>({ method: 'POST', url: listUrl(category), data: q }),
  detail: (category: NoticeCategory, id: number) => call<NoticeDetail>({ method: 'GET', url: detailUrl(category), params: { id } }),
  markRead: (id: number) => call<null>({ method: 'POST', url: '/api/notice/addReadRecord', data: { id, type: 'NOTICE' } }),
  popup: (page: string) => call<PopupShown>({ method: 'GET', url: '/api/popup/getPopup', params: { page } }),
  popupShown: (id: number) => call<null>({ method: 'POST', url: '/api/notice/addReadRecord', data: { id, type: 'POPUP' } }),
};

export const noticeAdminApi = {
  announcements: (q: Page) => call<{ total: number; list: AnnouncementRow[] }>({ method: 'POST', url: '/api/operator/announcements/page', data: q }),
  saveAnnouncement: (body: AnnouncementSaveBody) => call<AnnouncementRow>({ method: 'POST', url: '/api/operator/announcements/save', data: body }),
  deleteAnnouncement: (id: number) => call<null>({ method: 'POST', url: `/api/operator/announcements/${id}/delete`, data: {} }),
  popups: (q: Page) => call<{ total: number; list: PopupRow[] }>({ method: 'POST', url: '/api/operator/popups/page', data: q }),
  savePopup: (body: PopupSaveBody) => call<PopupRow>({ method: 'POST', url: '/api/operator/popups/save', data: body }),
  deletePopup: (id: number) => call<null>({ method: 'POST', url: `/api/operator/popups/${id}/delete`, data: {} }),
};
