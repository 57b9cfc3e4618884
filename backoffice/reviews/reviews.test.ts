import { describe, expect, it } from 'vitest';
import { mockApi, through, type MockResult } from '../apiMock.ts';
import { createDataProvider } from '../dataProvider.ts';

const review = { id: 7, dealerName: 'Harbour Cars', reviewer: 'Rita Tester', reports: 3 };

function mockClient(data: unknown) {
  const client = mockApi(async (): Promise<MockResult> => ({
    code: 0,
    message: '',
    data,
    status: 200,
  }));
  return { client, provider: createDataProvider(through(client)) };
}

describe('reviews', () => {
  it('getList: GET reviews/reported paged, sorted and searched by the server', async () => {
    const { client, provider } = mockClient({ items: [review], totalCount: 31 });
    const result = await provider.getList('reviews', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'reports', order: 'DESC' },
      filter: { q: 'Harbour' },
    });
    expect(client).toHaveBeenCalledExactlyOnceWith(
      'GET',
      'reviews/reported?page=2&perPage=25&sort=reports&order=DESC&q=Harbour',
      undefined,
    );
    expect(result).toEqual({ data: [review], total: 31 });
  });

  it('update restores the review; delete removes it', async () => {
    const { client, provider } = mockClient(null);
    const restored = await provider.update('reviews', { id: 7, data: {}, previousData: review });
    expect(client).toHaveBeenLastCalledWith('PUT', 'review/restore/7', undefined);
    expect(restored).toEqual({ data: review });
    expect(await provider.delete('reviews', { id: 7, previousData: review })).toEqual({
      data: review,
    });
    expect(client).toHaveBeenLastCalledWith('DELETE', 'review/7', undefined);
  });
});
