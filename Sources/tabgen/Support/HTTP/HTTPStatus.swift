/// The reason phrases of HTTP status codes (RFC 9110 section 15), in lower case as
/// tabgen's messages print them: "HTTP 404 not found".
enum HTTPStatus {
    static func reason(_ code: Int) -> String {
        switch code {
        case 400: "bad request"
        case 401: "unauthorized"
        case 402: "payment required"
        case 403: "forbidden"
        case 404: "not found"
        case 405: "method not allowed"
        case 406: "not acceptable"
        case 407: "proxy authentication required"
        case 408: "request timeout"
        case 409: "conflict"
        case 410: "gone"
        case 411: "length required"
        case 412: "precondition failed"
        case 413: "content too large"
        case 414: "URI too long"
        case 415: "unsupported media type"
        case 421: "misdirected request"
        case 422: "unprocessable content"
        case 425: "too early"
        case 426: "upgrade required"
        case 428: "precondition required"
        case 429: "too many requests"
        case 431: "request header fields too large"
        case 451: "unavailable for legal reasons"
        case 500: "internal server error"
        case 501: "not implemented"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        case 505: "HTTP version not supported"
        case 300..<400: "redirection without a Location"
        case 100..<200: "informational"
        case 400..<500: "client error"
        default: "server error"
        }
    }
}
