// The memo API's response shapes, shared by the server (src/lib/server/memos) and the browser client.

export interface MemoSummary {
  id: number;
  subject: string;
  createdAt: string;
  read: boolean;
}

export interface MemoDetail extends MemoSummary {
  body: string;
}

export interface MemoPage {
  items: MemoSummary[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
}
