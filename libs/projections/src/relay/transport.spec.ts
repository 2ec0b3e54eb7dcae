import { PublishError } from './transport';

describe('PublishError', () => {
  it('says how many events were handed over before the publish failed or was refused, in words', () => {
    expect(new PublishError(1, false, new Error('broker gone')).message).toBe('failed after 1 accepted event: broker gone');
    expect(new PublishError(0, true, new Error('message too large')).message).toBe('refused after 0 accepted events: message too large');
    expect(new PublishError(3, false, 'timeout').message).toBe('failed after 3 accepted events: timeout');
  });
});
