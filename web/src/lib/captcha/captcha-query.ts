import { queryOptions } from '@tanstack/react-query';
import { ZCaptchaConfig, ZCaptchaTestToken } from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

/** How the captcha widget renders: reCAPTCHA with the server's site key, or the built-in check. */
export const captchaConfigQuery = queryOptions({
  queryKey: ['/api/captcha'],
  queryFn: ({ signal }) => apiGet('/api/captcha', ZCaptchaConfig, { signal }),
  staleTime: Infinity,
});

export function requestTestToken(): Promise<string> {
  return apiPost('/api/captcha/test-token', {}, ZCaptchaTestToken).then(({ token }) => token);
}
