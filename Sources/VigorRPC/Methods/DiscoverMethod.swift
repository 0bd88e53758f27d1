/// `rpc.discover`: the OpenRPC document describing every method the daemon serves.
public enum DiscoverMethod: RPCMethod {
    public typealias Params = NoParams
    public typealias Result = JSONValue
    public static let name = "rpc.discover"
    public static let summary = "Returns the OpenRPC document of every method this daemon serves."
    public static let resultSchema: JSONValue = ["$ref": "https://raw.githubusercontent.com/open-rpc/meta-schema/master/schema.json"]
}
