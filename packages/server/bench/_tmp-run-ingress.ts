import { benchIngress } from './ingress.bench';
import { benchConnectHttp } from './connect-http.bench';
console.log(`Node ${process.version}`);
await benchIngress();
if (process.env.WITH_CONNECT) await benchConnectHttp();
