// The configured live chat id (site settings) names the provider: a number is a LiveChat licence,
// propertyId/widgetId is a tawk.to widget. Everything a page needs to load it, and nothing more.

export type LiveChatProvider =
  | { kind: 'livechat'; license: string; script: string; chatPage: string; hosts: string[] }
  | { kind: 'tawk'; propertyId: string; widgetId: string; script: string; chatPage: string; hosts: string[] };

export function liveChatProvider(id: string): LiveChatProvider | null {
  const value = id.trim();
  if (/^\d{1,12}$/.test(value)) {
    return {
      kind: 'livechat',
      license: value,
      script: 'https://cdn.livechatinc.com/tracking.js',
      chatPage: `https://direct.lc.chat/${value}/`,
      hosts: ['https://cdn.livechatinc.com', 'https://*.livechatinc.com', 'wss://*.livechatinc.com', 'https://*.lc.chat'],
    };
  }
  const m = /^([a-z0-9]{6,40})\/([a-z0-9]{4,40})$/i.exec(value);
  if (m) {
    const [, propertyId, widgetId] = m as unknown as [string, string, string];
    return {
      kind: 'tawk',
      propertyId,
      widgetId,
      script: `https://embed.tawk.to/${propertyId}/${widgetId}`,
      chatPage: `https://tawk.to/chat/${propertyId}/${widgetId}`,
      hosts: ['https://embed.tawk.to', 'https://*.tawk.to', 'wss://*.tawk.to'],
    };
  }
  return null;
}
