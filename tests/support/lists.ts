import type { ListPage } from '#shared/schemas/list.ts';

/** The data of an admin list asked for without list parameters: the whole list, not a page. */
export function wholeList<T>(data: T[] | ListPage<T>): T[] {
  if (!Array.isArray(data)) throw new Error('Expected the whole list, got a page');
  return data;
}

/** An answer of an admin list whose data is one page (or a refusal's null). */
type Paged<A extends { data: unknown }> = Omit<A, 'data'> & {
  data: Extract<A['data'], ListPage<unknown>>;
};

const isPaged = <A extends { data: unknown }>(answer: A): answer is A & Paged<A> =>
  !Array.isArray(answer.data);

/** The answer of an admin list asked for with list parameters: one page and the count. */
export async function pageOf<A extends { data: unknown }>(pending: Promise<A>): Promise<Paged<A>> {
  const answer = await pending;
  if (!isPaged(answer)) throw new Error('Expected a page of the list, got the whole list');
  return answer;
}
