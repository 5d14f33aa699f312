// The assistant screens are a later issue; until then /assistant opens the chat with the same action.
import { Navigate, useLocation, useParams } from 'react-router';

export default function AssistantPage() {
  const { search } = useLocation();
  const { sessionId } = useParams();
  return <Navigate to={`/chat${sessionId ? `/${sessionId}` : ''}${search}`} replace />;
}
