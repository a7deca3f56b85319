// One JSON call to a test server: status, body text, and the parsed body when the answer is JSON.
export async function call(url: string, method: string, path: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: (res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : null) as any,
  };
}
