import { type Endpoint, type EndpointArgs, type EndpointResult, pathOf } from '@recon/contract';
import type { AxiosRequestConfig } from 'axios';
import { http } from '@/lib/http';

/**
 * Calls an endpoint of the contract through the app's one HTTP client: its method and path (`:id` filled from
 * `params`), its discriminator (`Find=…`) added to the query, the JSON body or the multipart form, and the answer
 * parsed by its response schema.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  args: EndpointArgs<E> = {},
  config: AxiosRequestConfig = {},
): Promise<EndpointResult<E>> {
  const { discriminator } = endpoint;
  const query = {
    ...(args.query ?? {}),
    ...(discriminator?.value ? { [discriminator.name]: discriminator.value } : {}),
  };
  const { data } = await http.request({
    ...config,
    method: endpoint.method,
    url: pathOf(endpoint, args.params as Record<string, unknown> | undefined),
    params: Object.keys(query).length > 0 ? query : undefined,
    data: args.form ?? args.body,
  });
  return endpoint.response.parse(data) as EndpointResult<E>;
}
