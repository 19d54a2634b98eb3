extension FilterOperand where Value == String {
    /// `substringof('text',self)`: whether the value contains `text` (SAP's `contains` on v2).
    public func contains(_ text: String) -> QueryFilter {
        .function("substringof", [.literal(.string(text)), filterExpression])
    }
    /// `substringof(other,self)`.
    public func contains<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == String {
        .function("substringof", [other.filterExpression, filterExpression])
    }
    /// `startswith(self,'text')`.
    public func startsWith(_ text: String) -> QueryFilter {
        .function("startswith", [filterExpression, .literal(.string(text))])
    }
    /// `endswith(self,'text')`.
    public func endsWith(_ text: String) -> QueryFilter {
        .function("endswith", [filterExpression, .literal(.string(text))])
    }
    /// `length(self)`.
    public func length() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("length", [filterExpression])) }
    /// `indexof(self,'text')`: the 0-based position of `text`, -1 when absent.
    public func indexOf(_ text: String) -> TypedFilterExpression<Int> {
        TypedFilterExpression(.function("indexof", [filterExpression, .literal(.string(text))]))
    }
    /// `replace(self,'find','replacement')`.
    public func replace(_ find: String, with replacement: String) -> TypedFilterExpression<String> {
        TypedFilterExpression(.function("replace", [filterExpression, .literal(.string(find)), .literal(.string(replacement))]))
    }
    /// `substring(self,start)`.
    public func substring(from start: Int) -> TypedFilterExpression<String> {
        TypedFilterExpression(.function("substring", [filterExpression, .literal(start.edmValue)]))
    }
    /// `substring(self,start,length)`.
    public func substring(from start: Int, length: Int) -> TypedFilterExpression<String> {
        TypedFilterExpression(.function("substring", [filterExpression, .literal(start.edmValue), .literal(length.edmValue)]))
    }
    /// `tolower(self)`.
    public func toLower() -> TypedFilterExpression<String> { TypedFilterExpression(.function("tolower", [filterExpression])) }
    /// `toupper(self)`.
    public func toUpper() -> TypedFilterExpression<String> { TypedFilterExpression(.function("toupper", [filterExpression])) }
    /// `trim(self)`.
    public func trim() -> TypedFilterExpression<String> { TypedFilterExpression(.function("trim", [filterExpression])) }
    /// `concat(self,'text')`.
    public func concat(_ text: String) -> TypedFilterExpression<String> {
        TypedFilterExpression(.function("concat", [filterExpression, .literal(.string(text))]))
    }
    /// `concat(self,other)`.
    public func concat<Other: FilterOperand>(_ other: Other) -> TypedFilterExpression<String> where Other.Value == String {
        TypedFilterExpression(.function("concat", [filterExpression, other.filterExpression]))
    }
}

extension FilterOperand where Value: FilterDate {
    /// `year(self)`.
    public func year() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("year", [filterExpression])) }
    /// `month(self)`.
    public func month() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("month", [filterExpression])) }
    /// `day(self)`.
    public func day() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("day", [filterExpression])) }
}

extension FilterOperand where Value: FilterTimeOfDay {
    /// `hour(self)`.
    public func hour() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("hour", [filterExpression])) }
    /// `minute(self)`.
    public func minute() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("minute", [filterExpression])) }
    /// `second(self)`.
    public func second() -> TypedFilterExpression<Int> { TypedFilterExpression(.function("second", [filterExpression])) }
}

extension FilterOperand where Value: FilterFractional {
    /// `round(self)`.
    public func round() -> TypedFilterExpression<Value> { TypedFilterExpression(.function("round", [filterExpression])) }
    /// `floor(self)`.
    public func floor() -> TypedFilterExpression<Value> { TypedFilterExpression(.function("floor", [filterExpression])) }
    /// `ceiling(self)`.
    public func ceiling() -> TypedFilterExpression<Value> { TypedFilterExpression(.function("ceiling", [filterExpression])) }
}

extension FilterOperand where Value: FilterNumeric {
    /// `self add value`.
    public func add(_ value: Value) -> TypedFilterExpression<Value> { arithmetic(.add, Self.literal(value)) }
    /// `self add other`.
    public func add<Other: FilterOperand>(_ other: Other) -> TypedFilterExpression<Value> where Other.Value == Value {
        arithmetic(.add, other.filterExpression)
    }
    /// `self sub value`.
    public func sub(_ value: Value) -> TypedFilterExpression<Value> { arithmetic(.sub, Self.literal(value)) }
    /// `self sub other`.
    public func sub<Other: FilterOperand>(_ other: Other) -> TypedFilterExpression<Value> where Other.Value == Value {
        arithmetic(.sub, other.filterExpression)
    }
    /// `self mul value`.
    public func mul(_ value: Value) -> TypedFilterExpression<Value> { arithmetic(.mul, Self.literal(value)) }
    /// `self mul other`.
    public func mul<Other: FilterOperand>(_ other: Other) -> TypedFilterExpression<Value> where Other.Value == Value {
        arithmetic(.mul, other.filterExpression)
    }
    /// `self div value`.
    public func div(_ value: Value) -> TypedFilterExpression<Value> { arithmetic(.div, Self.literal(value)) }
    /// `self div other`.
    public func div<Other: FilterOperand>(_ other: Other) -> TypedFilterExpression<Value> where Other.Value == Value {
        arithmetic(.div, other.filterExpression)
    }
    /// `self mod value`.
    public func mod(_ value: Value) -> TypedFilterExpression<Value> { arithmetic(.mod, Self.literal(value)) }
    /// `self mod other`.
    public func mod<Other: FilterOperand>(_ other: Other) -> TypedFilterExpression<Value> where Other.Value == Value {
        arithmetic(.mod, other.filterExpression)
    }
    /// `-self`.
    public func negated() -> TypedFilterExpression<Value> { TypedFilterExpression(.negate(filterExpression)) }

    private func arithmetic(_ op: FilterOperator, _ right: QueryFilter) -> TypedFilterExpression<Value> {
        TypedFilterExpression(.binary(op, filterExpression, right))
    }
}
