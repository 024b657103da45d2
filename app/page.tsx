import { getBio } from '@/lib/content';

export default function HomePage() {
  return <main><h1>{getBio().name}</h1></main>;
}
