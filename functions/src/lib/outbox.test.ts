import { describe, expect, it } from 'vitest';
import { sendWithSes } from './outbox';

describe('the SES adapter', () => {
  it('sends one SigV4-signed SES v2 SendEmail call with the subject and text', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ MessageId: 'm-1' }), { status: 200 });
    }) as unknown as typeof fetch;
    const id = await sendWithSes(
      {
        channel: 'email',
        to: 'invitee@example.com',
        subject: 'You are invited',
        text: 'Hello,\n\nOpen the link.',
      },
      {
        from: 'no-reply@example.com',
        region: 'eu-west-2',
        credentials: async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }),
        fetch: fakeFetch,
      },
    );
    expect(id).toBe('m-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://email.eu-west-2.amazonaws.com/v2/email/outbound-emails');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-2\/ses\/aws4_request/,
    );
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['invitee@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'You are invited', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Hello,\n\nOpen the link.', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('fails loudly when SES refuses', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ message: 'Email address is not verified.' }), {
        status: 400,
      })) as unknown as typeof fetch;
    await expect(
      sendWithSes(
        { channel: 'email', to: 'a@example.com', text: 'x' },
        {
          from: 'b@example.com',
          region: 'us-east-1',
          credentials: async () => ({ accessKeyId: 'a', secretAccessKey: 'b' }),
          fetch: refusing,
        },
      ),
    ).rejects.toThrow('Sending the e-mail failed (400): Email address is not verified.');
  });
});
