import { distDir } from '@/lib/config/dist-dir';
import { contentDirectory } from '@/lib/content/directory';
import { contentVersion } from '@/lib/content/version';
import { CONTENT_VERSION_HEADER } from '@/lib/http/shared-headers';
import { readBuiltHeader } from '@/lib/next/build-output';

/**
 * Says at start which content this server serves: the version baked into the build (its Content-Version header),
 * and, when content/ has changed since, that the change is not live until a rebuild and restart
 * (content/README.md, "Making an edit live").
 */
export function logContentVersion(): void {
  const onDisk = contentVersion(contentDirectory());
  if (process.env.NODE_ENV === 'development') {
    console.log(`[content] serving content ${onDisk}; next dev reads every edit on the next page load`);
    return;
  }
  const built = readBuiltHeader(distDir(), CONTENT_VERSION_HEADER);
  if (built === undefined) {
    console.log(`[content] the build names no content version; content/ is now ${onDisk} (run npm run build)`);
    return;
  }
  console.log(`[content] serving content ${built}`);
  if (built !== onDisk) {
    console.log(
      `[content] content/ has changed since the build (it is now ${onDisk}); run npm run build and restart to serve it`,
    );
  }
}
